/**
 * The id a record's page reads from its address (`/dashboard/jobs/:id`), as the number its calls'
 * keys take. Not a number: 0, which the server refuses (400) as it refuses any id that names no
 * record of the person's, so such an address shows the page's own "not found".
 */
export const routeId = (param: string): number => (/^\d{1,10}$/.test(param) ? Number(param) : 0);
