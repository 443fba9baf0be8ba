// The trader's contact details as the site shows them: from contact content, with defaults. The
// schemas that read them from the database are in contact-info.schema.ts (the browser needs none).

export type ContactInfo = {
  phone: string;
  email: string;
  address: string;
  businessHours: Record<string, string>;
  socialLinks: { facebook: string; instagram: string } & Record<string, string>;
  mapEmbedUrl: string | null;
};

export const DEFAULT_CONTACT_INFO: ContactInfo = {
  phone: "0800 872 332",
  email: "sales@tradecounter.co.nz",
  address: "42 Station Road, Penrose, Auckland 1061",
  businessHours: { "Mon-Fri": "7AM-5PM", Sat: "8AM-2PM" },
  socialLinks: {
    facebook: "https://www.facebook.com/",
    instagram: "https://www.instagram.com/",
  },
  mapEmbedUrl: null,
};

/** `tel:` form of a display number: digits and a leading plus only. */
export function toTelHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

function weekdayRank(label: string) {
  const lower = label.toLowerCase();
  const found = WEEKDAYS.map((day) => lower.indexOf(day)).map((at, day) => ({ at, day }));
  const first = found.filter((f) => f.at >= 0).sort((a, b) => a.at - b.at)[0];
  return first ? first.day : WEEKDAYS.length;
}

/** jsonb keeps object keys in its own order, so business hours are put back in weekday order. */
export function sortBusinessHours(hours: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(hours).sort(([a], [b]) => weekdayRank(a) - weekdayRank(b)));
}
