// What the club event tests (events.mjs, event-manage.mjs) share: the
// event API of the server at `url`, and a 4×4 Othello event made through it.

/** `GET` (no body) or `POST body` to `/api/v1<path>` of the server at
 *  `url`: the status and the answer read as JSON (null when it is not). */
export const eventApi = (url) => async (path, body) => {
  const res = await fetch(url + "api/v1" + path, body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
};

/** Creates a Swiss event of 4×4 Othello at 3+2 named `name` with `more`
 *  (rounds, start limit) through `api`; returns the creation's answer. */
export async function createEvent(api, name, more) {
  const created = await api("/events", {
    name, game: "othello", rules: "size=4", timing: { kind: "live", control: "3+2" }, format: "swiss", ...more,
  });
  if (created.status !== 201) throw new Error(`the event was not created: ${JSON.stringify(created)}`);
  return created.body;
}
