// A product link from the catalogue's search results carries the search it came from, so the
// search log can count that a result was opened. The parameter never changes the page: the page
// cache leaves it out of its keys, and the product page reads it only to count.
export const SEARCHED_PARAM = "searched";
