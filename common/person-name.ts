/** How the site names a person (lists, jobs, messages, payments): first and last name, or the username when they gave none. */
export function personName(person: { username: string; firstName: string; lastName: string }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(" ") || person.username;
}
