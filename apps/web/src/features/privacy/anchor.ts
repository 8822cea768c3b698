/** Where links to the profile's data controls lead (the privacy page's, an e-mail's). */
export const DATA_ANCHOR = 'your-data';
