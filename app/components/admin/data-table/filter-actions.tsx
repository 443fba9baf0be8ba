// The end of a list's filter form: the submit button and, while any filter is set, a link that
// clears the filters but keeps the search.
import { FilterXIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

export function FilterActions(props: { submitLabel: string; filtered: boolean; clearHref: string }) {
  return (
    <>
      <Button type="submit" variant="secondary">
        {props.submitLabel}
      </Button>
      {props.filtered ? (
        <Button asChild variant="ghost">
          <Link to={props.clearHref}>
            <FilterXIcon aria-hidden />
            Clear filters
          </Link>
        </Button>
      ) : null}
    </>
  );
}
