import { InputField } from "@/components/ui/form-field";

/** The username as the login and register forms ask for it: the browser may fill it, never capitalise or spell-check it. */
export function UsernameField({ id, error }: { id: string; error: string | undefined }) {
  return <InputField id={id} name="username" label="Username" error={error} autoComplete="username" autoCapitalize="none" spellCheck={false} />;
}
