// How the site names people, once for every screen, PDF and mail a customer reads.

/** How the site names a person (lists, jobs, messages, payments, PDFs, mails): first and last name, or the username when they gave none. */
export function personName(person: { username: string; firstName: string; lastName: string }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || person.username;
}

/** How the site greets a person (the dashboard's welcome line, every mail's "Hello …,"): the first name, else the e-mail, as SPEC's dashboard does. */
export function greetingName(person: { firstName: string; email: string }): string {
  return person.firstName.trim() || person.email;
}
