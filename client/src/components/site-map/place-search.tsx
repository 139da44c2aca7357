import { Search } from "lucide-react";
import { useId, useState } from "react";
import type { GeocodeAnswer, Place } from "@common/contract/geocode";
import { Button } from "@/components/ui/button";
import { send } from "@/lib/api";

/** The server waits 3 s at most on the geocoder; a little more for the way there and back. */
const SEARCH_TIMEOUT_MS = 5_000;

export interface PlaceSearchProps {
  /** Moves the map to the place chosen (the first found, or another from the list). */
  onPlace: (place: Place) => void;
}

/**
 * A map's address search (GET /api/geocode, docs/decisions/0070-base-map-and-geocoder.md): the map moves
 * to the first place found at once; the others found are offered beside it. A geocoder that is down or
 * slow is said plainly, and the map goes on working.
 */
export function PlaceSearch({ onPlace }: PlaceSearchProps) {
  const inputId = useId();
  const [query, setQuery] = useState("");
  const [busy, setBusy] = useState(false);
  const [places, setPlaces] = useState<Place[]>([]);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const choose = (place: Place) => {
    setMessage({ text: `Showing ${place.label}`, error: false });
    onPlace(place);
  };

  const search = async (event: { preventDefault: () => void; stopPropagation: () => void }) => {
    // A form of its own inside the quote form would submit the quote: this one only searches.
    event.preventDefault();
    event.stopPropagation();
    const typed = query.trim();
    if (typed.length < 2) return setMessage({ text: "Type an address or place to search for.", error: true });
    // The last search's "Showing …" would otherwise stand beside a map that has not moved yet.
    setMessage(null);
    setBusy(true);
    const answer = await send<GeocodeAnswer>("GET", `/api/geocode?q=${encodeURIComponent(typed)}`, { timeoutMs: SEARCH_TIMEOUT_MS });
    setBusy(false);
    if (!answer.ok) {
      setPlaces([]);
      return setMessage({ text: answer.message ?? "Address search is unavailable just now: move the map to the site instead.", error: true });
    }
    const found = answer.data.data.results;
    setPlaces(found.slice(1));
    if (found[0]) choose(found[0]);
    else setMessage({ text: `No place found for “${typed}”.`, error: true });
  };

  return (
    <div className="space-y-2">
      {/* A div, not a form: the editor sits inside the quote request's form, and forms do not nest. */}
      <div role="search" aria-label="Find a place" className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            Find an address or place
          </label>
          <input
            id={inputId}
            type="search"
            value={query}
            maxLength={200}
            autoComplete="street-address"
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") void search(event);
            }}
            className="h-9 w-full rounded-md border bg-background px-3 text-sm"
          />
        </div>
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={(event) => void search(event)}>
          <Search aria-hidden />
          {busy ? "Searching…" : "Search"}
        </Button>
      </div>
      {message ? (
        <p role={message.error ? "alert" : "status"} className={message.error ? "text-sm text-destructive" : "text-sm text-muted-foreground"}>
          {message.text}
        </p>
      ) : null}
      {places.length ? (
        <ul aria-label="Other places found" className="flex flex-wrap gap-2">
          {places.map((place) => (
            <li key={`${place.lat},${place.lon},${place.label}`}>
              <Button type="button" size="sm" variant="ghost" onClick={() => choose(place)}>
                {place.label}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
