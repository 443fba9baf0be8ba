/**
 * The words New Zealand builders use for the same thing: the list staff start from.
 *
 * - Two-way: every term finds what any other term finds (`ply` ↔ `plywood`).
 * - One-way: the first term also finds what the others find, not the reverse (`gib` →
 *   `plasterboard`: someone typing "gib" wants any plasterboard, but someone typing
 *   "plasterboard" may not want only GIB). Brand names that builders use for the whole kind of
 *   product are one-way.
 *
 * Terms are written as people write them; search normalises them like any other text, so a term
 * may hold a dimension (`4x2` → `90x45`) or a grade.
 */

export type TradeSynonym =
  | { kind: "two-way"; terms: readonly [string, string, ...string[]] }
  | { kind: "one-way"; from: string; to: readonly [string, ...string[]] };

function twoWay(first: string, second: string, ...more: string[]): TradeSynonym {
  return { kind: "two-way", terms: [first, second, ...more] };
}

function oneWay(from: string, first: string, ...more: string[]): TradeSynonym {
  return { kind: "one-way", from, to: [first, ...more] };
}

export const tradeSynonyms: readonly TradeSynonym[] = [
  // Sheet materials
  oneWay("gib", "plasterboard"),
  oneWay("aqualine", "wet area plasterboard"),
  oneWay("braceline", "bracing plasterboard"),
  oneWay("fyreline", "fire rated plasterboard"),
  twoWay("ply", "plywood"),
  twoWay("mdf", "medium density fibreboard"),
  twoWay("osb", "oriented strand board"),
  twoWay("particleboard", "chipboard", "particle board"),
  twoWay("hardboard", "masonite"),
  oneWay("hardiflex", "fibre cement sheet"),
  twoWay("fibre cement", "fibrecement", "fiber cement"),
  // Cladding and roofing
  oneWay("hardiplank", "fibre cement weatherboard"),
  oneWay("linea", "fibre cement weatherboard"),
  oneWay("bevelback", "weatherboard"),
  oneWay("rusticated", "weatherboard"),
  twoWay("colorsteel", "pre-painted steel"),
  oneWay("colorcote", "pre-painted steel"),
  oneWay("zincalume", "coated steel"),
  oneWay("corro", "corrugated"),
  twoWay("longrun", "long run roofing"),
  oneWay("butynol", "butyl rubber membrane"),
  twoWay("spouting", "gutter", "guttering"),
  twoWay("downpipe", "downspout"),
  twoWay("fascia", "facia"),
  twoWay("soffit", "eaves lining"),
  twoWay("building paper", "building wrap", "building underlay"),
  oneWay("sarking", "roof underlay"),
  // Membranes and damp
  twoWay("dpc", "damp proof course"),
  twoWay("dpm", "damp proof membrane"),
  oneWay("malthoid", "dpc"),
  twoWay("polythene", "polyethylene"),
  // Timber
  twoWay("lvl", "laminated veneer lumber"),
  twoWay("glulam", "glue laminated timber"),
  oneWay("4x2", "100x50", "90x45"),
  oneWay("3x2", "75x50", "70x45"),
  oneWay("6x2", "150x50", "140x45"),
  oneWay("radiata", "pine"),
  twoWay("macro", "macrocarpa"),
  oneWay("tanalised", "treated"),
  oneWay("cca", "treated"),
  oneWay("ground contact", "h4"),
  twoWay("sg8", "msg8"),
  twoWay("sg10", "msg10"),
  twoWay("msg", "machine stress graded"),
  twoWay("dwang", "nog", "nogging"),
  twoWay("archi", "architrave"),
  oneWay("scotia", "moulding"),
  twoWay("cove", "cornice"),
  oneWay("lumber", "timber"),
  // Fixings and hardware
  twoWay("tek", "self-drilling screw"),
  oneWay("tex", "self-drilling screw"),
  twoWay("gib screw", "plasterboard screw", "drywall screw"),
  twoWay("coach screw", "lag screw", "lag bolt"),
  twoWay("cup head bolt", "carriage bolt"),
  twoWay("galv", "galvanised", "galvanized"),
  twoWay("hdg", "hot dip galvanised"),
  oneWay("ss", "stainless steel"),
  oneWay("paslode", "gun nails"),
  oneWay("liquid nails", "construction adhesive"),
  oneWay("silicone", "sealant"),
  // Concrete and steel
  twoWay("rebar", "reinforcing bar"),
  oneWay("reo", "reinforcing"),
  oneWay("readymix", "concrete"),
  oneWay("postmix", "concrete"),
  twoWay("stopping compound", "jointing compound"),
  // Insulation, plumbing
  oneWay("batts", "insulation"),
  oneWay("pink batts", "insulation"),
  twoWay("polystyrene", "eps"),
  twoWay("pex", "cross linked polyethylene pipe"),
  oneWay("upvc", "pvc"),
  oneWay("lino", "vinyl"),
];
