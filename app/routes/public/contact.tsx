import { useEffect } from "react";
import { useLoaderData } from "react-router";
import { toast } from "sonner";
import { ContactDetails, ContactMap } from "~/components/site/enquiry/contact-details";
import { ContactForm } from "~/components/site/enquiry/contact-form";
import { getContactInfo } from "~/modules/content/queries.server";
import { contactEnquiryAction } from "~/modules/enquiries/actions.server";
import { getPublicSubjects, prefillFromUrl } from "~/modules/enquiries/subjects.server";
import type { Route } from "./+types/contact";

export function meta() {
  return [
    { title: "Contact Us | Trade Counter" },
    {
      name: "description",
      content: "Ask about products, trade pricing or a quote. Send us a message or call our team.",
    },
  ];
}

export async function loader({ request }: Route.LoaderArgs) {
  const [{ subjects, loadFailed }, contact] = await Promise.all([getPublicSubjects(), getContactInfo()]);
  const prefill = prefillFromUrl(new URL(request.url), subjects);
  return { ...prefill, subjectsLoadFailed: loadFailed, contact };
}

export function action({ request }: Route.ActionArgs) {
  return contactEnquiryAction(request);
}

export default function ContactPage() {
  const { subjects, subject, product, subjectsLoadFailed, contact } = useLoaderData<typeof loader>();

  useEffect(() => {
    if (subjectsLoadFailed) toast.error("Error loading subjects", { description: "Using default options" });
  }, [subjectsLoadFailed]);

  return (
    <>
      <section className="bg-stone-900 text-white">
        <div className="container mx-auto px-4 py-14 sm:py-20">
          <h1 className="font-extrabold text-4xl sm:text-5xl">Contact Us</h1>
          <p className="mt-4 max-w-2xl text-lg text-stone-300">
            Ask about a product, trade pricing or a quote for your next job. Send us a message and our team
            will get back to you.
          </p>
        </div>
      </section>
      <section className="container mx-auto grid gap-10 px-4 py-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-8">
          <h2 className="font-bold text-2xl">Send us a message</h2>
          <p className="mt-1 mb-6 text-muted-foreground">
            Fill in the form and we will reply by e-mail or phone.
          </p>
          {/* A new ?subject= or ?product= on the same page starts a fresh form with those defaults. */}
          <ContactForm
            key={`${subject}|${product}`}
            subjects={subjects}
            defaultSubject={subject}
            product={product}
          />
        </div>
        <ContactDetails contact={contact} />
      </section>
      <ContactMap contact={contact} />
    </>
  );
}
