/** A JSON answer of the API, for a test's stubbed `fetch`. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
