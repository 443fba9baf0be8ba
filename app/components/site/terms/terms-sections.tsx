// The trading terms' text, section by section: the /terms-conditions page lists and shows them.
import type * as React from "react";

function List({ items }: { items: React.ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of static text
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

export const TERMS_SECTIONS: { id: string; title: string; body: React.ReactNode }[] = [
  {
    id: "application",
    title: "1. Application of these terms",
    body: (
      <p>
        These terms apply to every quote, order, sale and delivery of goods by Trade Counter ("we", "us") to a
        customer ("you"), whether you buy on a trade account or as a cash customer. By placing an order you
        accept these terms. Any terms on your own purchase order do not apply unless we agree to them in
        writing.
      </p>
    ),
  },
  {
    id: "quotes-pricing",
    title: "2. Quotes and pricing",
    body: (
      <List
        items={[
          "Our prices are available on request. Contact us for a quote for the products and quantities you need.",
          "A written quote is valid for 30 days from its date unless it says otherwise, and is subject to the goods being available when you order.",
          "Prices are in New Zealand dollars and exclude GST unless stated. Delivery, cutting and special handling are charged separately unless included in the quote.",
          "We may correct obvious errors in a quote or invoice. If a supplier increases its price before we accept your order, we will tell you before going ahead.",
        ]}
      />
    ),
  },
  {
    id: "orders",
    title: "3. Orders",
    body: (
      <List
        items={[
          "An order is accepted when we confirm it in writing or supply the goods.",
          "Special orders, indent items and goods cut, coated or made to your measurements cannot be cancelled once we have placed them with our supplier, and we may ask for a deposit before ordering.",
          "You are responsible for checking that the quantities, sizes, colours and specifications on your order are correct and suitable for your project and its consents.",
        ]}
      />
    ),
  },
  {
    id: "payment",
    title: "4. Payment and trade accounts",
    body: (
      <List
        items={[
          "Cash customers pay in full before goods are dispatched or collected.",
          "Trade accounts are opened on approval of a credit application. Unless agreed otherwise, accounts are due for payment by the 20th of the month following the date of invoice.",
          "We may charge interest on overdue amounts at 2% per month and recover reasonable debt collection and legal costs. We may suspend a trade account or stop deliveries while any amount is overdue.",
          "Ownership of goods stays with us until they are paid for in full. You grant us a security interest in all goods we supply, and in their proceeds, under the Personal Property Securities Act 1999, and you waive your rights to receive a verification statement.",
        ]}
      />
    ),
  },
  {
    id: "delivery",
    title: "5. Delivery and risk",
    body: (
      <List
        items={[
          "Delivery dates are estimates. We are not liable for delays caused by suppliers, shipping, weather or other events outside our control.",
          "You must provide safe, clear access for our delivery vehicles and a suitable place to unload. Extra costs caused by a failed or delayed delivery may be charged to you.",
          "Risk in the goods passes to you when they are delivered to your site or collected from our yard. Please store materials off the ground, dry and protected as the manufacturer recommends.",
        ]}
      />
    ),
  },
  {
    id: "returns",
    title: "6. Returns",
    body: (
      <List
        items={[
          "Standard stock items may be returned within 30 days of purchase with proof of purchase, unused, undamaged and in their original packaging. A restocking fee of up to 15% may apply.",
          "Special orders and goods cut, coated or made to your measurements cannot be returned unless they are faulty.",
          "This section does not limit your rights for faulty goods under the Consumer Guarantees Act 1993 where that Act applies.",
        ]}
      />
    ),
  },
  {
    id: "defects",
    title: "7. Defects, damage and shortages",
    body: (
      <List
        items={[
          <>
            Defects, damage and shortages must be reported to us <strong>within 7 days of delivery</strong>,
            in writing and with photos where possible, before the goods are installed or altered.
          </>,
          "Please keep the goods and their packaging so that we or the manufacturer can inspect them.",
          "Where a claim is accepted we will, at our option, repair or replace the goods or refund the price paid for them.",
        ]}
      />
    ),
  },
  {
    id: "warranty",
    title: "8. Warranty",
    body: (
      <>
        <p>
          Our powder-coated products and the hardware we supply with them carry a{" "}
          <strong>10-year powder-coat and hardware warranty</strong> against defects in materials and finish,
          from the date of delivery.
        </p>
        <List
          items={[
            "The goods must be installed to the manufacturer's instructions and the New Zealand Building Code, and cared for as set out in section 9.",
            "The warranty does not cover damage from misuse, accidents, impact, building movement, contact with incompatible materials, chemicals or abrasive cleaners, or a failure to clean and maintain the goods.",
            "Other products carry the manufacturer's own warranty, which we will pass on to you.",
          ]}
        />
      </>
    ),
  },
  {
    id: "care",
    title: "9. Care and maintenance",
    body: (
      <>
        <p>
          Regular cleaning keeps finishes and hardware in good condition and is a condition of the warranty:
        </p>
        <List
          items={[
            <>
              Clean <strong>every 3 months</strong> in coastal, geothermal or industrial environments, and{" "}
              <strong>every 6 months</strong> elsewhere.
            </>,
            "Wash with warm water, a mild pH-neutral detergent and a soft cloth or brush, then rinse with clean water. Pay attention to areas not washed by rain.",
            "Do not use solvents, abrasive cleaners or scourers. Lubricate moving hardware as its manufacturer recommends.",
            "Keep a record of cleaning in case you need to make a warranty claim.",
          ]}
        />
      </>
    ),
  },
  {
    id: "liability",
    title: "10. Limitation of liability",
    body: (
      <>
        <p>
          Nothing in these terms limits rights you have under the Consumer Guarantees Act 1993 or the Fair
          Trading Act 1986 that cannot be excluded by law.
        </p>
        <p>
          If you acquire goods for the purposes of a business, you agree that the Consumer Guarantees Act 1993
          does not apply, as allowed by section 43 of that Act, and, as parties in trade, that sections 9,
          12A, 13 and 14(1) of the Fair Trading Act 1986 do not apply to the extent allowed by section 5C of
          that Act.
        </p>
        <p>
          To the extent allowed by law, our liability for any claim is limited to repairing or replacing the
          goods or refunding the price paid for them, and we are not liable for indirect or consequential
          loss, including loss of profit, labour costs or delay.
        </p>
      </>
    ),
  },
  {
    id: "privacy",
    title: "11. Privacy",
    body: (
      <p>
        We collect personal information to quote, process orders, deliver goods, assess credit and manage your
        account. We hold it securely and handle it under the Privacy Act 2020. You may ask to see or correct
        the information we hold about you.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "12. Governing law",
    body: (
      <p>
        These terms are governed by the laws of New Zealand, and the courts of New Zealand have exclusive
        jurisdiction. We may update these terms from time to time; the terms in force when you place an order
        apply to it.
      </p>
    ),
  },
];
