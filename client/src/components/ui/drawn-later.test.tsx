// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { describe, expect, it } from "vitest";
import { DrawnLater } from "./drawn-later";

/** What the document held at each commit of the tree it sits in. */
function CommitProbe({ seen }: { seen: string[] }) {
  useLayoutEffect(() => {
    seen.push(document.body.textContent ?? "");
  });
  return null;
}

describe("DrawnLater", () => {
  it("commits the screen around it first, with its placeholder, then its children in a later render", async () => {
    const seen: string[] = [];
    function Screen() {
      return (
        <>
          <h1>Heading</h1>
          <DrawnLater placeholder={<p>Sections to come</p>}>
            <p>Every section</p>
            <CommitProbe seen={seen} />
          </DrawnLater>
          <CommitProbe seen={seen} />
        </>
      );
    }
    render(<Screen />);
    expect(await screen.findByText("Every section")).toBeTruthy();
    expect(screen.queryByText("Sections to come")).toBeNull();
    // The first commit held the heading and the placeholder, not the sections.
    expect(seen[0]).toBe("HeadingSections to come");
    expect(seen.at(-1)).toBe("HeadingEvery section");
  });
});
