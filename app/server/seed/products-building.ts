// Demo products for the building envelope: timber, roofing, cladding and insulation.
import type { ProductSeed } from "./taxonomy";

export const TIMBER: ProductSeed[] = [
  {
    name: "H3.2 Treated Pine 90x45 Framing 4.8m",
    picture: "framing",
    category: "Timber",
    brand: "Kauri Ridge Timber",
    price: 17.9,
    was: 19.9,
    stock: 640,
    featured: true,
    short: "SG8 radiata framing treated to H3.2 for exterior, above-ground use.",
    description:
      "Structural-grade radiata pine, machine stress graded to SG8 and treated to H3.2 for exposed framing above ground. Ideal for decks, pergolas, fences and sub-floor framing. Sold per 4.8 m length; packs of 96 available on trade account.",
  },
  {
    name: "H1.2 Kiln-Dried Pine 90x45 Framing 2.4m",
    picture: "framing",
    category: "Timber",
    brand: "Kauri Ridge Timber",
    price: 8.4,
    stock: 1200,
    short: "Kiln-dried SG8 wall framing, gauged and ready to stand.",
    description:
      "Gauged, kiln-dried SG8 framing treated to H1.2 for enclosed wall and roof framing. Straight and stable, with a consistent 90x45 section that speeds up nailing plates and noggings. Stud lengths suit standard 2.4 m stud heights.",
  },
  {
    name: "H4 Treated Pine Post 100x100 2.4m",
    picture: "post",
    category: "Timber",
    brand: "Kauri Ridge Timber",
    price: 31.5,
    stock: 86,
    short: "In-ground rated square post for fences, pergolas and retaining.",
    description:
      "Rough-sawn 100x100 radiata post treated to H4 for in-ground use. Suits fence posts, pergola uprights and light retaining. Cut ends must be re-treated with a brush-on preservative.",
  },
  {
    name: "H3.2 Pine Decking 140x32 Reeded 5.4m",
    picture: "decking",
    category: "Timber",
    brand: "Kauri Ridge Timber",
    price: 24.5,
    was: 28.9,
    stock: 8,
    short: "Reeded-face pine decking for a grippy, durable outdoor surface.",
    description:
      "Premium-grade 140x32 decking with a reeded face on one side and a smooth face on the other. Treated to H3.2 and kiln dried after treatment to limit cupping. Fix with stainless or Class 4 decking screws.",
  },
  {
    name: "Macrocarpa Dressed Board 150x25 3.0m",
    picture: "dressed-board",
    category: "Timber",
    brand: "Kauri Ridge Timber",
    price: 41.0,
    stock: 0,
    draft: true,
    short: "Naturally durable macrocarpa for benchtops, shelving and feature work.",
    description:
      "Locally milled macrocarpa, dressed four sides with warm golden tones. A naturally durable timber prized for joinery, outdoor furniture and feature cladding. Supply is seasonal; ask about the next delivery.",
  },
  {
    name: "LVL Beam 240x45 6.0m",
    picture: "lvl-beam",
    category: "Timber",
    brand: "Kauri Ridge Timber",
    price: 189.0,
    stock: 24,
    short: "Engineered laminated veneer lumber for long-span beams and lintels.",
    description:
      "Laminated veneer lumber with predictable strength and stiffness for lintels, beams and rafters. Spans further than sawn timber of the same depth and stays straight. Always follow the engineer's or span-table specification.",
  },
  {
    name: "H3.2 CD Structural Plywood 2400x1200x17mm",
    picture: "plywood",
    category: "Timber",
    brand: "Kauri Ridge Timber",
    price: 97.0,
    stock: 140,
    short: "Treated structural ply for bracing, flooring and exterior substrates.",
    description:
      "CD-grade structural plywood treated to H3.2, suited to bracing panels, decks under membranes and exterior substrates. Square-edged sheets with a sanded C face. Store flat and off the ground before use.",
  },
];

export const ROOFING: ProductSeed[] = [
  {
    name: "Pre-painted Steel Corrugate Roofing 0.40 BMT (per m)",
    picture: "corrugate",
    category: "Roofing",
    brand: "Ironsand Roofing",
    price: 21.5,
    was: 24.5,
    stock: 2400,
    featured: true,
    short: "Classic corrugate profile in 0.40 BMT pre-painted steel, cut to length.",
    description:
      "The classic New Zealand corrugate profile, roll-formed from 0.40 BMT pre-painted steel and cut to your lengths. Available in a range of heritage and modern colours. Suits residential roofs and walls in most exposure zones.",
  },
  {
    name: "5-Rib Trapezoidal Roofing 0.55 BMT Zinc-Aluminium (per m)",
    picture: "trapezoidal",
    category: "Roofing",
    brand: "Ironsand Roofing",
    price: 26.8,
    stock: 1500,
    short: "Heavy-gauge trapezoidal profile for long runs and low pitches.",
    description:
      "A bold five-rib trapezoidal profile in 0.55 BMT unpainted zinc-aluminium coated steel. Deeper ribs carry water away on low pitches and long runs. Popular for sheds, farm buildings and commercial roofs.",
  },
  {
    name: "Self-Supporting Synthetic Roof Underlay 1.3m x 40m",
    picture: "underlay",
    category: "Roofing",
    brand: "Ironsand Roofing",
    price: 189.0,
    was: 219.0,
    stock: 36,
    short: "Light, tear-resistant underlay that spans between purlins.",
    description:
      "A breathable, self-supporting synthetic underlay that spans purlins up to 1.2 m without netting. Lighter than bitumen-based underlays and easier to handle on windy days. Printed lap lines make it quick to install straight.",
  },
  {
    name: "Pre-painted Ridge Capping 1.8m",
    picture: "flashing",
    category: "Roofing",
    brand: "Ironsand Roofing",
    price: 34.5,
    stock: 9,
    short: "Rolled ridge capping to finish the roof in a matching colour.",
    description:
      "A rolled-edge ridge capping folded from the same pre-painted coil as our roofing. Supplied in 1.8 m lengths to lap neatly over the ridge line. Order colour-matched fixings and closure foam with it.",
  },
  {
    name: "Barge Flashing 3.0m Pre-painted",
    picture: "flashing",
    category: "Roofing",
    brand: "Ironsand Roofing",
    price: 45.0,
    stock: 58,
    short: "Standard barge flashing for gable ends, in pre-painted steel.",
    description:
      "A standard barge flashing that weatherproofs the gable edge of the roof. Folded from pre-painted steel in 3.0 m lengths. Custom folds are available from our flashing shop within two working days.",
  },
  {
    name: "Polycarbonate Clear Corrugate Sheet 2.4m",
    picture: "corrugate",
    category: "Roofing",
    brand: "Ironsand Roofing",
    price: 58.0,
    stock: 0,
    short: "UV-stabilised clear sheet that matches the corrugate profile.",
    description:
      "Clear polycarbonate sheet in the corrugate profile, UV stabilised on the top face. Lets daylight into carports, lean-tos and sheds. Use oversized holes and the matching washers so the sheet can move with heat.",
  },
  {
    name: "PVC Quarter-Round Spouting 3.0m",
    picture: "spouting",
    category: "Roofing",
    brand: "Ironsand Roofing",
    price: 29.9,
    stock: 120,
    short: "Quarter-round PVC spouting for homes and garages.",
    description:
      "Quarter-round spouting in UV-resistant PVC, supplied in 3.0 m lengths. Clip-together brackets, stop ends and outlets make installation straightforward. Choose from four popular colours.",
  },
];

export const CLADDING: ProductSeed[] = [
  {
    name: "Bevel-Back Weatherboard 180x18 Primed Pine 5.4m",
    picture: "weatherboard",
    category: "Cladding",
    brand: "Coastline Cladding",
    price: 52.0,
    was: 58.0,
    stock: 420,
    featured: true,
    short: "Finger-jointed, factory-primed bevel-back weatherboard.",
    description:
      "A traditional bevel-back weatherboard in finger-jointed radiata pine, treated to H3.1 and factory primed. Long 5.4 m lengths reduce joins across a wall. Install over a cavity system for best weathertightness.",
  },
  {
    name: "Fibre Cement Sheet 2400x1200x7.5mm Smooth",
    picture: "cement-sheet",
    category: "Cladding",
    brand: "Coastline Cladding",
    price: 64.0,
    stock: 95,
    short: "Smooth-faced fibre-cement sheet for sheet cladding and soffits.",
    description:
      "A durable fibre-cement sheet with a smooth face ready for texture coating or paint. Will not rot or burn and resists moisture. Suitable for sheet cladding systems, wet-area linings and gable ends.",
  },
  {
    name: "Rusticated Shiplap Weatherboard 180x18 Primed 5.4m",
    picture: "weatherboard",
    category: "Cladding",
    brand: "Coastline Cladding",
    price: 49.5,
    stock: 7,
    short: "Rusticated profile for villas, bungalows and character renovations.",
    description:
      "A rusticated shiplap profile that matches the weatherboards of many New Zealand villas and bungalows. Finger-jointed pine, treated to H3.1 and primed on all faces. Ideal when extending or repairing a character home.",
  },
  {
    name: "H3.1 Cavity Battens 45x20 2.4m (Pack of 10)",
    picture: "battens",
    category: "Cladding",
    brand: "Coastline Cladding",
    price: 38.0,
    stock: 210,
    short: "Treated battens that form the drained cavity behind cladding.",
    description:
      "Treated 45x20 battens that create a 20 mm drained and ventilated cavity behind cladding. Pre-cut to 2.4 m and bundled in packs of ten. Use with cavity closers at the base of the wall.",
  },
  {
    name: "Breathable Building Wrap 2.7m x 30m",
    picture: "wrap",
    category: "Cladding",
    brand: "Coastline Cladding",
    price: 169.0,
    was: 199.0,
    stock: 44,
    short: "Wall underlay that sheds water but lets framing dry out.",
    description:
      "A breathable, water-resistant wall underlay that keeps wind and rain out while letting framing moisture escape. The 2.7 m width covers a full stud height in one run. Printed with stud lines for fast fixing.",
  },
  {
    name: "Fibre Cement Soffit Lining 2400x450x4.5mm",
    picture: "cement-sheet",
    category: "Cladding",
    brand: "Coastline Cladding",
    price: 18.5,
    stock: 160,
    short: "Pre-cut soffit strips that save cutting time at the eaves.",
    description:
      "Pre-cut fibre-cement soffit lining in a 450 mm width that suits most eave depths. Smooth face, ready to paint. Fix with stainless or hot-dip galvanised nails.",
  },
  {
    name: "Vertical Board and Batten Cladding 200x19 Cedar-Look",
    picture: "board-and-batten",
    category: "Cladding",
    brand: "Coastline Cladding",
    price: 46.0,
    stock: 60,
    draft: true,
    short: "Contemporary vertical cladding with a cedar-look finish.",
    description:
      "A contemporary vertical board-and-batten system with a stained cedar-look finish. Boards and battens are supplied separately so spacing can be varied. Coming soon: pricing and colours to be confirmed.",
  },
];

export const INSULATION: ProductSeed[] = [
  {
    name: "R2.6 Glasswool Wall Batts 90mm (6.5 m²)",
    picture: "batts",
    category: "Insulation",
    brand: "Fernleaf Insulation",
    price: 79.0,
    was: 92.0,
    stock: 310,
    featured: true,
    short: "Friction-fit wall batts sized for 90 mm framing.",
    description:
      "Glasswool wall batts that friction-fit between studs in 90 mm framing. Each pack covers about 6.5 m² and helps new and renovated homes meet the Building Code's thermal requirements. Soft to handle and quick to cut.",
  },
  {
    name: "R3.6 Glasswool Ceiling Batts (5.8 m²)",
    picture: "batts",
    category: "Insulation",
    brand: "Fernleaf Insulation",
    price: 89.0,
    stock: 260,
    short: "Thick ceiling batts for warmer living spaces.",
    description:
      "High-performance ceiling batts that lay between or over ceiling joists. R3.6 suits most of the North Island; layer batts for higher values further south. Each pack covers about 5.8 m².",
  },
  {
    name: "R2.2 Polyester Wall Insulation 90mm",
    picture: "batts",
    category: "Insulation",
    brand: "Fernleaf Insulation",
    price: 99.0,
    stock: 6,
    short: "Itch-free polyester batts made partly from recycled fibre.",
    description:
      "Polyester wall insulation that will not itch or irritate, made in part from recycled bottles. It holds its shape in the wall and will not slump. A good choice for DIY installers and occupied homes.",
  },
  {
    name: "R1.4 Underfloor Polystyrene Panels (Pack of 8)",
    picture: "foam-panels",
    category: "Insulation",
    brand: "Fernleaf Insulation",
    price: 129.0,
    was: 149.0,
    stock: 48,
    short: "Rigid underfloor panels that fit snugly between joists.",
    description:
      "Rigid expanded polystyrene panels that friction-fit between floor joists without staples. Keeps timber floors noticeably warmer underfoot. Each pack insulates about 5 m² of floor.",
  },
  {
    name: "Acoustic Wall Batts 90mm R2.6",
    picture: "batts",
    category: "Insulation",
    brand: "Fernleaf Insulation",
    price: 115.0,
    stock: 0,
    short: "Denser batts that cut noise between rooms and storeys.",
    description:
      "Higher-density glasswool batts that reduce sound travelling between bedrooms, bathrooms and media rooms. They also insulate to R2.6 in 90 mm walls. Pair with acoustic plasterboard for best results.",
  },
  {
    name: "Ground Vapour Barrier 250µm 4m x 25m",
    picture: "vapour-barrier",
    category: "Insulation",
    brand: "Fernleaf Insulation",
    price: 95.0,
    stock: 72,
    short: "Polythene ground cover that keeps sub-floor moisture down.",
    description:
      "Heavy-duty 250 micron polythene that covers the ground under suspended floors. It stops ground moisture rising into the sub-floor space, making homes drier and easier to heat. Lap joins by 150 mm and weigh down the edges.",
  },
];
