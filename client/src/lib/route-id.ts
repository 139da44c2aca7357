import { useParams } from "wouter";

/**
 * The id a record's page reads from its address (`/dashboard/jobs/:id`), as the number its calls'
 * keys take. Not a number: 0, which the server refuses (400) as it refuses any id that names no
 * record of the person's, so such an address shows the page's own "not found".
 */
export function useRouteId(): number {
  const { id = "" } = useParams<{ id: string }>();
  return /^\d{1,10}$/.test(id) ? Number(id) : 0;
}
