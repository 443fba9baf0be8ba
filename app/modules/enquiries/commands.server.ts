export { type EventActor, setEnquiryStatus } from "./follow-up.server";
