import { AlertTriangle } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

export default function NotFound() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-20">
      <Card className="w-full max-w-md">
        <div className="flex items-center gap-3">
          <AlertTriangle aria-hidden className="size-8 text-accent" />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Link href="/" className={buttonVariants({ variant: "outline", className: "mt-6" })}>
          Back to home
        </Link>
      </Card>
    </div>
  );
}
