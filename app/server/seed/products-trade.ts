// Demo products for the trade counter: tools, hardware, fixings and paint.
import type { ProductSeed } from "./taxonomy";

export const TOOLS: ProductSeed[] = [
  {
    name: "18V Brushless Hammer Drill Kit (2 x 5.0Ah)",
    picture: "drill",
    category: "Tools",
    brand: "Hauraki Pro Tools",
    price: 449.0,
    was: 529.0,
    stock: 18,
    featured: true,
    short: "Compact brushless hammer drill with two batteries and a fast charger.",
    description:
      "A compact brushless hammer drill with 95 Nm of torque for masonry, timber and steel. Comes with two 5.0Ah batteries, a fast charger and a tough carry case. Covered by a three-year trade warranty.",
  },
  {
    name: "18V Brushless Circular Saw 184mm (Skin Only)",
    picture: "circular-saw",
    category: "Tools",
    brand: "Hauraki Pro Tools",
    price: 299.0,
    stock: 14,
    short: "Cordless 184 mm circular saw that cuts 90x45 framing in one pass.",
    description:
      "A cordless 184 mm circular saw with an electric brake and LED guide light. Cuts through 90x45 framing at 45 degrees in a single pass. Sold without battery or charger.",
  },
  {
    name: "Gas Framing Nailer 90mm",
    picture: "nailer",
    category: "Tools",
    brand: "Hauraki Pro Tools",
    price: 899.0,
    stock: 4,
    short: "Hose-free gas nailer for framing nails from 50 to 90 mm.",
    description:
      "A hose-free gas framing nailer that fires clipped-head nails from 50 to 90 mm. Drives around 1,200 nails per fuel cell. Lightweight and balanced for all-day framing work.",
  },
  {
    name: "Fibreglass Framing Hammer 22oz",
    picture: "hammer",
    category: "Tools",
    brand: "Hauraki Pro Tools",
    price: 59.9,
    stock: 65,
    short: "Milled-face framing hammer with a shock-absorbing handle.",
    description:
      "A 22oz framing hammer with a milled face for grip on nail heads and a straight claw for prying. The fibreglass handle and rubber grip soak up vibration. Built for a full day on the tools.",
  },
  {
    name: "Tape Measure 8m x 25mm",
    picture: "tape-measure",
    category: "Tools",
    brand: "Hauraki Pro Tools",
    price: 19.9,
    was: 29.9,
    stock: 140,
    short: "Nylon-coated blade with a 3.5 m standout and magnetic hook.",
    description:
      "An 8 m tape with a wide 25 mm nylon-coated blade and a 3.5 m standout. The magnetic hook grips steel studs and purlins. Rubber-armoured case survives drops from scaffold height.",
  },
  {
    name: "Aluminium Box Spirit Level 1200mm",
    picture: "spirit-level",
    category: "Tools",
    brand: "Hauraki Pro Tools",
    price: 89.0,
    stock: 38,
    short: "Rigid box-section level with shock-proof vials.",
    description:
      "A rigid aluminium box-section level with three shock-proof vials accurate to 0.5 mm per metre. Milled base and end caps protect the frame. The right length for door jambs, windows and framing.",
  },
  {
    name: "Sliding Compound Mitre Saw 254mm",
    picture: "mitre-saw",
    category: "Tools",
    brand: "Hauraki Pro Tools",
    price: 649.0,
    stock: 0,
    short: "Dual-bevel sliding mitre saw for skirting, decking and framing.",
    description:
      "A 254 mm dual-bevel sliding compound mitre saw that crosscuts boards up to 305 mm wide. Laser guide, dust bag and clamp included. Next shipment expected soon; register your interest.",
  },
];

export const HARDWARE: ProductSeed[] = [
  {
    name: "Stainless Steel Butt Hinge 100mm (Pair)",
    picture: "butt-hinge",
    category: "Hardware",
    brand: "Harbourside Hardware",
    price: 18.5,
    stock: 240,
    short: "Marine-grade 316 stainless hinges for exterior doors.",
    description:
      "A pair of 100 mm butt hinges in 316 marine-grade stainless steel with fixed pins. Suitable for exterior and bathroom doors up to 40 kg. Screws included.",
  },
  {
    name: "Entrance Lever Set Satin Chrome (Keyed)",
    picture: "lever-set",
    category: "Hardware",
    brand: "Harbourside Hardware",
    price: 119.0,
    was: 139.0,
    stock: 26,
    short: "Keyed entrance lever set with a 60 mm backset latch.",
    description:
      "A keyed entrance lever set in satin chrome with a solid zinc lever and 60 mm adjustable latch. Keyed outside with a privacy turn inside. Comes with three keys and fixing screws.",
  },
  {
    name: "Heavy-Duty Galvanised Gate Hinge Set",
    picture: "gate-hinge",
    category: "Hardware",
    brand: "Harbourside Hardware",
    price: 44.0,
    stock: 10,
    short: "Strap hinges and pins for wide timber gates.",
    description:
      "A pair of hot-dip galvanised strap hinges with bolt-through pins for heavy timber gates. Adjustable so the gate can be re-hung as posts settle. Suits gates up to 1.8 m wide.",
  },
  {
    name: "Sliding Barn Door Track Kit 2.0m Matte Black",
    picture: "barn-door-track",
    category: "Hardware",
    brand: "Harbourside Hardware",
    price: 249.0,
    was: 299.0,
    stock: 12,
    short: "Complete top-hung track kit for doors up to 1 m wide.",
    description:
      "A complete sliding barn-door kit with a 2.0 m steel track, two rollers, stops and floor guide. Powder-coated matte black to suit modern interiors. Carries doors up to 80 kg.",
  },
  {
    name: "Self-Closing Pool Gate Latch",
    picture: "gate-latch",
    category: "Hardware",
    brand: "Harbourside Hardware",
    price: 89.0,
    stock: 3,
    short: "Magnetic, lockable latch for pool fence gates.",
    description:
      "A magnetic self-latching gate latch designed for pool fencing, mounted high out of children's reach. Lockable with two keys supplied. Adjustable to suit timber, steel or glass gates.",
  },
  {
    name: "Brushed Stainless Door Stop (Pack of 4)",
    picture: "door-stop",
    category: "Hardware",
    brand: "Harbourside Hardware",
    price: 22.0,
    stock: 180,
    short: "Floor-mount door stops with a soft rubber buffer.",
    description:
      "Floor-mounted door stops in brushed stainless steel with a replaceable rubber buffer. Protects walls and door handles. Fixings for timber and concrete floors included.",
  },
];

export const FIXINGS: ProductSeed[] = [
  {
    name: "Galvanised Flat-Head Nails 90 x 3.15mm 5kg",
    picture: "nails",
    category: "Fixings",
    brand: "Tasman Fix",
    price: 49.0,
    stock: 130,
    short: "Hot-dip galvanised hand nails for general framing.",
    description:
      "Hot-dip galvanised flat-head nails for hand-nailing framing, fencing and outdoor structures. The 90 x 3.15 mm size suits most 90x45 framing connections. Supplied in a resealable 5 kg box.",
  },
  {
    name: "Stainless Decking Screws 10g x 65mm (Box of 500)",
    picture: "screws",
    category: "Fixings",
    brand: "Tasman Fix",
    price: 119.0,
    was: 139.0,
    stock: 75,
    featured: true,
    short: "304 stainless type-17 screws for decks and outdoor timber.",
    description:
      "Type-17 decking screws in 304 stainless steel with a square drive that will not cam out. The self-drilling tip limits splitting near board ends. A box of 500 fixes around 10 m² of decking.",
  },
  {
    name: "Class 4 Roofing Tek Screws 12g x 65mm (Box of 100)",
    picture: "tek-screws",
    category: "Fixings",
    brand: "Tasman Fix",
    price: 42.0,
    stock: 9,
    short: "Hex-head tek screws with sealing washers for roofing to timber.",
    description:
      "Class 4 coated hex-head screws with bonded EPDM washers for fixing roofing to timber purlins. Suitable for most residential exposure zones. Drive with a clutch-set screw gun to avoid crushing the washer.",
  },
  {
    name: "Hot-Dip Galvanised Coach Bolts M12 x 150 (Pack of 10)",
    picture: "coach-bolts",
    category: "Fixings",
    brand: "Tasman Fix",
    price: 36.0,
    stock: 88,
    short: "Coach bolts with nuts and washers for posts and bearers.",
    description:
      "M12 coach bolts with matching nuts and washers, hot-dip galvanised for outdoor use. The square neck locks into timber as the nut is tightened. Common for pile-to-bearer and post connections.",
  },
  {
    name: "Galvanised Joist Hangers 90x45 (Box of 20)",
    picture: "joist-hanger",
    category: "Fixings",
    brand: "Tasman Fix",
    price: 74.0,
    stock: 0,
    short: "Pressed-steel hangers for joist-to-beam connections.",
    description:
      "Pressed galvanised steel joist hangers sized for 90x45 joists. Fix every hole with the specified nails for the rated capacity. Quicker and stronger than skew-nailing.",
  },
  {
    name: "Collated Framing Nails 90 x 3.15mm Bright (Box of 2000)",
    picture: "collated-nails",
    category: "Fixings",
    brand: "Tasman Fix",
    price: 89.0,
    was: 99.0,
    stock: 60,
    short: "Clipped-head strip nails for gas and pneumatic framing nailers.",
    description:
      "Bright steel clipped-head nails collated in paper strips for framing nailers. For interior framing only; use galvanised nails outdoors. One box frames roughly a three-bedroom house's internal walls.",
  },
  {
    name: "Chemical Anchor Adhesive 300ml",
    picture: "anchor-cartridge",
    category: "Fixings",
    brand: "Tasman Fix",
    price: 32.0,
    stock: 46,
    short: "Styrene-free anchor resin for threaded rod in concrete.",
    description:
      "A styrene-free vinylester resin for setting threaded rod and starter bars in concrete and masonry. Fits a standard caulking gun with the supplied mixing nozzle. Full cure in about an hour at 20 °C.",
  },
];

export const PAINT: ProductSeed[] = [
  {
    name: "Exterior Acrylic Low Sheen 10L",
    picture: "paint-pail",
    category: "Paint",
    brand: "Ridgeline Paints",
    price: 219.0,
    was: 259.0,
    stock: 54,
    featured: true,
    short: "Self-priming exterior acrylic that stands up to high UV.",
    description:
      "A low-sheen exterior acrylic that resists fading, chalking and mould in New Zealand's harsh sun. Self-priming on previously painted surfaces. Tintable to hundreds of colours at the counter.",
  },
  {
    name: "Interior Ceiling Flat White 10L",
    picture: "paint-pail",
    category: "Paint",
    brand: "Ridgeline Paints",
    price: 149.0,
    stock: 70,
    short: "Ultra-flat ceiling paint that hides minor imperfections.",
    description:
      "An ultra-flat, spatter-resistant ceiling paint in a clean white. Hides stopping marks and minor surface imperfections. Low odour for occupied homes.",
  },
  {
    name: "Oil-Based Timber Primer 4L",
    picture: "paint-tin",
    category: "Paint",
    brand: "Ridgeline Paints",
    price: 89.0,
    stock: 33,
    short: "Penetrating primer that seals bare and resinous timber.",
    description:
      "A penetrating oil-based primer for bare exterior timber, including resinous and weathered boards. Seals knots and end grain before top coating. Overcoat with acrylic after 24 hours.",
  },
  {
    name: "Decking Stain Oil Natural 10L",
    picture: "paint-pail",
    category: "Paint",
    brand: "Ridgeline Paints",
    price: 179.0,
    stock: 5,
    short: "Water-repellent stain oil that brings out the grain.",
    description:
      "A water-repellent stain oil that nourishes deck boards and highlights the natural grain. Reduces cracking, cupping and greying. Re-coat every 12 months for best protection.",
  },
  {
    name: "Paintable Acrylic Gap Sealant 450g",
    picture: "sealant-cartridge",
    category: "Paint",
    brand: "Ridgeline Paints",
    price: 12.9,
    stock: 400,
    short: "Flexible, paintable sealant for gaps around trims and joinery.",
    description:
      "A flexible acrylic sealant for filling gaps around architraves, skirtings and joinery. Paintable in 30 minutes and cleans up with water. Stays flexible to handle seasonal movement.",
  },
  {
    name: "Acrylic Roof and Trim Paint 10L",
    picture: "paint-pail",
    category: "Paint",
    brand: "Ridgeline Paints",
    price: 239.0,
    stock: 22,
    short: "Durable acrylic for pre-painted steel roofs and trims.",
    description:
      "A tough acrylic for repainting weathered pre-painted steel roofs, spouting and trims. Good adhesion and gloss retention in coastal conditions. Use the matching metal primer on any bare or rusted areas.",
  },
];
