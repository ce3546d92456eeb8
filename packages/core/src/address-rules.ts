/** Address suggestions begin at 3 characters; 5 at most (SPEC §9). */
export const ADDRESS_QUERY_MIN_LENGTH = 3;
export const ADDRESS_SUGGESTION_LIMIT = 5;
