export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="flex shrink-0 items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden>
        <rect width="32" height="32" rx="6" fill={inverted ? "#fafaf9" : "#1c1917"} />
        <path d="M6 22 16 8l10 14z" fill="#ea580c" />
        <rect x="13" y="17" width="6" height="7" fill={inverted ? "#1c1917" : "#fafaf9"} />
      </svg>
      <span className="whitespace-nowrap font-extrabold text-lg tracking-tight">
        Trade <span className={inverted ? "text-orange-400" : "text-primary"}>Counter</span>
      </span>
    </span>
  );
}
