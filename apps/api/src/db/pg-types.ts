// Type OIDs whose values both drivers parse the same way: dates as 'yyyy-mm-dd' strings (never a
// midnight in the server's time zone), int8 and numeric as numbers (counts, percentages).
export const TYPE_INT8 = 20;
export const TYPE_DATE = 1082;
export const TYPE_NUMERIC = 1700;
