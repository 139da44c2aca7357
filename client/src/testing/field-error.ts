/** The message a form shows under `control`: the element its aria-describedby names, as a screen reader reads it with the field. */
export const errorOf = (control: HTMLElement) => document.getElementById(control.getAttribute("aria-describedby") ?? "")?.textContent;
