/** The back office's case studies, read by their key, their URL; each write reloads them. */
export const caseStudyKeys = { all: ["/api/admin/case-studies"] as const };

/** A job's case study as its customer sees it (GET /api/jobs/{id}/case-study); the consent card reloads it after an answer. */
export const jobCaseStudyKey = (jobId: number) => [`/api/jobs/${jobId}/case-study`] as const;
