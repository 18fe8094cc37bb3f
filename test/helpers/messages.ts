/** The forms of a date the node takes, as its error messages say them (D8, D17). */
export const DATE_FORMS =
	'give an ISO date such as 2027-01-31, or a date-time such as 2027-01-31T09:30:00, with Z or an offset such as +02:00 for a time zone';
