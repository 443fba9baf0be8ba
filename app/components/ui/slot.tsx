// `asChild` for the primitives the public site uses (Button, Badge): renders the one child with the
// primitive's props merged in, as Radix's Slot does, without Radix in the site's first load. The
// child's own props win, except that class names are joined, styles merged, and both event
// handlers and both refs run.
import { cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from "react";
import { cx } from "~/lib/cx";

type Props = Record<string, unknown>;

function assignRef(ref: unknown, node: unknown) {
  if (typeof ref === "function") ref(node);
  else if (ref && typeof ref === "object") (ref as { current: unknown }).current = node;
}

function mergeProps(slot: Props, child: Props): Props {
  const merged: Props = { ...slot, ...child };
  for (const [key, ours] of Object.entries(slot)) {
    const theirs = child[key];
    if (theirs === undefined) continue;
    if (/^on[A-Z]/.test(key) && typeof ours === "function" && typeof theirs === "function") {
      merged[key] = (...args: unknown[]) => {
        theirs(...args);
        ours(...args);
      };
    } else if (key === "className") {
      merged.className = cx(ours as string, theirs as string);
    } else if (key === "style") {
      merged.style = { ...(ours as object), ...(theirs as object) };
    } else if (key === "ref") {
      merged.ref = (node: unknown) => {
        assignRef(ours, node);
        assignRef(theirs, node);
      };
    }
  }
  return merged;
}

export function Slot({ children, ...props }: Props & { children?: ReactNode; ref?: Ref<HTMLElement> }) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<Props>;
  return cloneElement(child, mergeProps(props, child.props));
}
