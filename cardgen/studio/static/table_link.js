// A shared table's link: its API, for the game's table and the sandbox's alike.

/** ``api(path, body)``: GET (or POST ``body`` as JSON) under ``base``, the link's path; its
 * JSON answer, or an Error with the server's message. */
export function linkApi(base) {
  return async function api(path, body) {
    const opts = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const r = await fetch(base + path, opts);
    let data;
    try { data = await r.json(); } catch (e) { data = { error: r.statusText }; }
    if (!r.ok) throw new Error(data.error || r.statusText);
    return data;
  };
}
