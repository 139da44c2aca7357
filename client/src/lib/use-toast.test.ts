import { describe, expect, it } from "vitest";
import { getToasts, subscribeToToasts, toast } from "./use-toast";

describe("toast store (docs/product.md §9)", () => {
  it("shows at most one toast: a new one replaces the last", () => {
    let notified = 0;
    const unsubscribe = subscribeToToasts(() => notified++);
    toast({ title: "First" });
    toast({ title: "Second" });
    unsubscribe();
    expect(getToasts().map((item) => item.title)).toEqual(["Second"]);
    expect(notified).toBe(2);
  });

  it("closes a dismissed toast but keeps it until the remove delay has passed", () => {
    const shown = toast({ title: "Closing" });
    shown.dismiss();
    expect(getToasts()).toEqual([expect.objectContaining({ id: shown.id, open: false })]);
  });
});
