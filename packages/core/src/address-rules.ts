/** Address suggestions begin at 3 characters; 5 at most, 500 ms after the last keystroke. */
export const ADDRESS_QUERY_MIN_LENGTH = 3;
export const ADDRESS_SUGGESTION_LIMIT = 5;
