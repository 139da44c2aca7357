/** The mails the queue holds, as the back office's Outbox tab reads them (by its key, its URL). */
export const outboxKeys = { all: ["/api/admin/outbox"] as const };
