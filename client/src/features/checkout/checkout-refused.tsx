import { TriangleAlert } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";

/** The server would not start this payment: say why, in its words, and offer a way back. */
export function CheckoutRefused({ message }: { message: string }) {
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-3">
        <TriangleAlert aria-hidden className="size-7 shrink-0 text-destructive" />
        <h2 className="text-2xl font-bold tracking-tight">Payment unavailable</h2>
      </div>
      <p role="alert" className="rounded-md border border-destructive/60 bg-destructive/10 px-4 py-3 text-destructive">
        {message}
      </p>
      <Link href="/dashboard" className={buttonVariants({ variant: "outline" })}>
        Back to dashboard
      </Link>
    </div>
  );
}
