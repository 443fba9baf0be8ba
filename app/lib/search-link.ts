// A product link from the catalogue's search results carries the search it came from, so the
// search log can count that a result was opened. The product page counts it and redirects to the
// product's own address: the page is cached and bookmarked under that address alone.
export const SEARCHED_PARAM = "searched";
