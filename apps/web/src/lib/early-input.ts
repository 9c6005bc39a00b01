/**
 * What a visitor typed into a field of the server-drawn page before the page's code arrived. Hydration
 * hands every field back to its component's state, empty at first, and the phone mask rewrites its field
 * on start: without this, a number typed on a slow connection would vanish as the page came alive.
 * `main.tsx` calls `rememberEarlyInput()` just before hydrating; a field marked `data-early-input="name"`
 * asks for its text once, when it mounts.
 */
const typed = new Map<string, string>();

/** Reads the marked fields whose text differs from what the server drew. */
export function rememberEarlyInput(root: ParentNode = document): void {
  for (const field of root.querySelectorAll<HTMLInputElement>('input[data-early-input]')) {
    const name = field.dataset.earlyInput;
    if (name && field.value !== field.defaultValue) typed.set(name, field.value);
  }
}

/** The text typed into the field `name` before hydration, once; undefined when there was none. */
export function takeEarlyInput(name: string): string | undefined {
  const value = typed.get(name);
  typed.delete(name);
  return value;
}
