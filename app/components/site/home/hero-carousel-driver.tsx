// Embla on the hero's viewport: fetched on its own (see useCarouselOnDemand in hero-carousel.tsx),
// it renders nothing and hands the carousel's API back to the hero.
import type { UseEmblaCarouselType } from "embla-carousel-react";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect } from "react";

type CarouselApi = UseEmblaCarouselType[1];

export default function HeroCarouselDriver({
  viewport,
  loop,
  active,
  onApi,
}: {
  viewport: HTMLElement;
  loop: boolean;
  active: boolean;
  onApi: (api: CarouselApi) => void;
}) {
  const [attach, api] = useEmblaCarousel({ loop, active });
  useEffect(() => {
    attach(viewport);
    return () => attach(null);
  }, [attach, viewport]);
  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);
  return null;
}
