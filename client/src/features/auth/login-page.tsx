import { LogIn, UserPlus } from "lucide-react";
import { getSiteConfig } from "@/lib/site-config";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useUser } from "@/api/session";
import { useMayBeSignedIn } from "@/lib/auth-hint";
import { nextPageIn, nextPathFrom } from "@/lib/auth-next";
import { withQueries } from "@/lib/with-queries";
import { AuthShell } from "./auth-shell";
import { ForgotPassword } from "./forgot-password";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

type AuthTab = "login" | "register";

// Both panels stay mounted so switching tabs keeps what was typed; the inactive one is hidden.
const panelClass = "mt-6 data-[state=inactive]:hidden";

/** Why a quote asks for an account, and the way to write to us without one (docs/product.md §2). */
function QuoteIntro() {
  return (
    <div className="mb-6 space-y-3 border-b pb-5 text-sm text-muted-foreground">
      <p>
        <span className="font-semibold text-foreground">Your quote comes with an account:</span> follow the job from quote to flight to delivery, and get the
        deliverables (reports, photos, video) in one place. Register or log in and you are back on the quote form.
      </p>
      <p>
        Rather not create an account?{" "}
        <Link href="/#contact" className="text-primary underline underline-offset-4 hover:no-underline">
          Send us an inquiry instead
        </Link>
      </p>
    </div>
  );
}

/**
 * /login: LOGIN and REGISTER tabs. A logged-in visitor (also right after either succeeds) goes on to
 * ?next= or their own screen. Sent here by a quote request, it opens on REGISTER and says why;
 * ?forgot opens the Forgot Password form (the way on from a dead reset link).
 */
function LoginPage() {
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  const { data: user } = useUser({ enabled: useMayBeSignedIn(pathname) });
  const forQuote = nextPageIn(search)?.startsWith("/request-quote") === true;
  const [tab, setTab] = useState<AuthTab>(forQuote ? "register" : "login");
  const loginTabRef = useRef<HTMLButtonElement>(null);
  const registerTabRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (user) navigate(nextPathFrom(search, user.role), { replace: true });
  }, [user, search, navigate]);

  // The switch links sit in the panel that disappears, so focus follows to the tab now shown.
  const switchTo = (next: AuthTab) => {
    setTab(next);
    (next === "login" ? loginTabRef : registerTabRef).current?.focus();
  };

  if (user) {
    return (
      <AuthShell title="Customer Login">
        <p role="status" className="hud-label text-center text-primary">
          Signed in. Redirecting…
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={forQuote ? "Request a Quote" : "Customer Login"} eyebrow={forQuote ? "// Step 1 of 2: your account" : undefined}>
      {forQuote ? <QuoteIntro /> : null}
      <Tabs value={tab} onValueChange={(value) => setTab(value === "register" ? "register" : "login")}>
        <TabsList aria-label="Login or register">
          <TabsTrigger ref={loginTabRef} value="login">
            <LogIn aria-hidden />
            LOGIN
          </TabsTrigger>
          <TabsTrigger ref={registerTabRef} value="register">
            <UserPlus aria-hidden />
            REGISTER
          </TabsTrigger>
        </TabsList>
        <TabsContent value="login" forceMount className={panelClass}>
          <LoginForm />
          <ForgotPassword initiallyOpen={new URLSearchParams(search).has("forgot")} />
          <p className="mt-6 border-t pt-5 text-sm text-muted-foreground">
            New to {getSiteConfig().businessName}?{" "}
            <Button type="button" variant="link" className="h-auto px-0 py-1" onClick={() => switchTo("register")}>
              Create an account
            </Button>
          </p>
        </TabsContent>
        <TabsContent value="register" forceMount className={panelClass}>
          <RegisterForm />
          <p className="mt-6 border-t pt-5 text-sm text-muted-foreground">
            Already have an account?{" "}
            <Button type="button" variant="link" className="h-auto px-0 py-1" onClick={() => switchTo("login")}>
              Log in
            </Button>
          </p>
        </TabsContent>
      </Tabs>
    </AuthShell>
  );
}

export default withQueries(LoginPage);
