// The trader's opening hours as a list of days and times, the times never wrapped.
export function BusinessHours({ hours, className }: { hours: Record<string, string>; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 ${className ?? ""}`}>
      {Object.entries(hours).map(([day, time]) => (
        <div key={day} className="contents">
          <dt>{day}</dt>
          <dd className="whitespace-nowrap">{time}</dd>
        </div>
      ))}
    </dl>
  );
}
