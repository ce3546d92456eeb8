/**
 * A landing page rendered on the server carries the API answers it was rendered from in this
 * element, as JSON (a dehydrated query cache): the browser starts from the same data, so its first
 * render matches the HTML and hydrates it instead of painting the page again.
 */
export const PAGE_STATE_ELEMENT_ID = 'page-state';
