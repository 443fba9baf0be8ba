// Class names joined, without tailwind-merge: for the public site's components and the primitives
// they share with the back office, whose styles are component classes (app.css) that a utility
// in `className` overrides by its layer. Two utilities for the same property must not be passed
// together here (the stylesheet's order, not the argument order, would pick one): use `cn` from
// ./utils where callers override utilities, as the back office's screens do.
export { clsx as cx } from "clsx";
