// A valid enquiry as a person would fill it in, shared by the enquiry tests.
export const VALID_ENQUIRY = {
  fullName: "Aroha Ngata",
  email: "aroha@example.co.nz",
  phone: "021 555 0101",
  subject: "Quote Request",
  message: "Please quote 40 lengths of 90x45 H3.2 framing.",
};
