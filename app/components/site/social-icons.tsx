// Brand marks, drawn from the icon sprite like every other public icon (lucide no longer ships
// brand icons: their shapes are BRAND_ICONS in components/ui/sprite-icon-names.ts).
export { Facebook as FacebookIcon, Instagram as InstagramIcon } from "~/components/ui/sprite-icons";
