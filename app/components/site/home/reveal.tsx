import { type ReactNode, useEffect, useRef, useState } from "react";
import { cx } from "~/lib/cx";

type RevealState = "static" | "hidden" | "shown";

/**
 * Fades and slides its content in once, the first time it scrolls into view. The server HTML and
 * the first client render are always visible (no JavaScript, no flash): only after hydration is a
 * block that sits below the fold hidden, to be revealed by an IntersectionObserver. Blocks already
 * on screen, and visitors who prefer reduced motion, get no animation at all.
 */
export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<RevealState>("static");

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;

    setState("hidden");
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState("shown");
          observer.disconnect();
        }
      },
      { rootMargin: "0px 0px -48px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      data-reveal={state}
      className={cx(
        state !== "static" &&
          "transition-[opacity,translate] duration-700 ease-out motion-reduce:transition-none",
        state === "hidden" && "translate-y-8 opacity-0",
        className,
      )}
    >
      {children}
    </div>
  );
}
