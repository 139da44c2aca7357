import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES } from "@common/payments";
import { paymentStatusView } from "./payments";

describe("payment status labels", () => {
  it("names every status the server records", () => {
    expect(PAYMENT_STATUSES.map((status) => paymentStatusView(status).label)).toEqual(["Pending", "Processing", "Succeeded", "Failed", "Cancelled"]);
  });

  it("gives each status its own colour", () => {
    const classes = new Set(PAYMENT_STATUSES.map((status) => paymentStatusView(status).className));
    expect(classes.size).toBe(PAYMENT_STATUSES.length);
  });

  it("reads a status it does not know as pending", () => {
    expect(paymentStatusView("requires_action")).toEqual(paymentStatusView("pending"));
  });
});
