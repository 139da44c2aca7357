/** Whether the error (or one it wraps) is PostgreSQL's unique violation of `index`: two writers racing for one value, which the index decides. */
export function isUniqueViolation(error: unknown, index: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === "23505" && (constraint === index || current.message.includes(index))) return true;
  }
  return false;
}
