import { describe, expect, it } from "vitest";
import type { GalleryCategory, GalleryItem, MediaItem, PublicGalleryCategory } from "@common/contract/media";
import { media } from "../../db/schema";
import { appWithUsersForTests, type TestUser } from "../../testing/factories";
import type { TestApp } from "../../testing/test-app";

let t: TestApp, admin: TestUser, customer: TestUser, pilot: TestUser, serviceId: number;
appWithUsersForTests(["admin", "customer", "pilot"], (made) => {
  ({ t, serviceId } = made);
  [admin, customer, pilot] = made.users;
});

type Call = { method: "GET" | "POST" | "PATCH" | "DELETE"; url: string; payload?: object };
const call = ({ method, url, payload }: Call, user?: TestUser) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: user ? { cookie: user.cookie } : {} });

const addCategory = async (name: string): Promise<GalleryCategory> => {
  const res = await call({ method: "POST", url: "/api/admin/gallery-categories", payload: { name } }, admin);
  expect(res.statusCode).toBe(201);
  return res.json().data;
};
const addMedia = async (title: string, isGalleryItem: boolean): Promise<number> => {
  const [row] = await t.database.db
    .insert(media)
    .values({
      userId: customer.user.id,
      serviceId,
      title,
      description: "",
      storageKey: `gallery-categories/${title}`,
      fileType: "image/jpeg",
      size: 10,
      isGalleryItem,
    })
    .returning({ id: media.id });
  return row!.id;
};
const gallery = async (query = ""): Promise<GalleryItem[]> => (await call({ method: "GET", url: `/api/gallery${query}` })).json().data;
const publicCategories = async (): Promise<PublicGalleryCategory[]> => (await call({ method: "GET", url: "/api/gallery/categories" })).json().data;
const setCategory = (id: number, categoryId: number | null) =>
  call({ method: "PATCH", url: `/api/admin/media/${id}/category`, payload: { categoryId } }, admin);

describe("who may call the gallery category endpoints", () => {
  const ADMIN_CALLS: Call[] = [
    { method: "GET", url: "/api/admin/gallery-categories" },
    { method: "POST", url: "/api/admin/gallery-categories", payload: { name: "Permission check" } },
    { method: "PATCH", url: "/api/admin/gallery-categories/999999", payload: { name: "Renamed" } },
    { method: "POST", url: "/api/admin/gallery-categories/999999/move", payload: { direction: "up" } },
    { method: "DELETE", url: "/api/admin/gallery-categories/999999" },
    { method: "PATCH", url: "/api/admin/media/999999/category", payload: { categoryId: null } },
    { method: "POST", url: "/api/admin/media/category", payload: { ids: [999999], categoryId: null } },
  ];

  it.each(ADMIN_CALLS)("$method $url: 401 visitor, 403 customer and pilot, an admin gets through", async (c) => {
    expect((await call(c)).statusCode).toBe(401);
    expect((await call(c, customer)).statusCode).toBe(403);
    expect((await call(c, pilot)).statusCode).toBe(403);
    expect([200, 201, 400, 404]).toContain((await call(c, admin)).statusCode);
  });

  it("lets anyone read the gallery and its categories", async () => {
    for (const user of [undefined, customer, pilot, admin]) {
      expect((await call({ method: "GET", url: "/api/gallery?category=solar" }, user)).statusCode).toBe(200);
      expect((await call({ method: "GET", url: "/api/gallery/categories" }, user)).statusCode).toBe(200);
    }
  });
});

describe("gallery categories", () => {
  it("filters the public gallery by slug, lists only categories with a public item, and keeps SPEC's fields", async () => {
    const solar = await addCategory("Solar & Wind");
    const farms = await addCategory("Farmland");
    const empty = await addCategory("Weddings");
    expect([solar.slug, farms.slug, empty.slug]).toEqual(["solar-wind", "farmland", "weddings"]);
    const roof = await addMedia("Roof array", true);
    const field = await addMedia("Wheat field", true);
    const privateFarm = await addMedia("Private farm", false);
    expect((await setCategory(roof, solar.id)).json()).toMatchObject({ message: "Category set", data: { id: roof, categoryId: solar.id } });
    const bulk = await call({ method: "POST", url: "/api/admin/media/category", payload: { ids: [field, privateFarm], categoryId: farms.id } }, admin);
    expect(bulk.json()).toMatchObject({ message: "2 items updated", data: { updated: 2 } });

    const solarItems = await gallery("?category=solar-wind");
    expect(solarItems.map((item) => item.id)).toEqual([roof]);
    expect(Object.keys(solarItems[0]!).sort()).toEqual(
      ["category", "createdAt", "description", "durationSeconds", "fileType", "fileUrl", "id", "posterUrl", "thumbnailUrl", "title"].sort(),
    );
    expect(solarItems[0]!.category).toEqual({ id: solar.id, name: "Solar & Wind", slug: "solar-wind" });
    expect((await gallery("?category=farmland")).map((item) => item.id)).toEqual([field]);
    expect(await gallery("?category=no-such-category")).toEqual([]);
    const all = (await gallery()).map((item) => item.id);
    expect(all).toEqual(expect.arrayContaining([roof, field]));
    expect(all).not.toContain(privateFarm);

    const chips = (await publicCategories()).map((category) => category.slug);
    expect(chips).toEqual(expect.arrayContaining(["solar-wind", "farmland"]));
    expect(chips).not.toContain("weddings");
    expect(chips.indexOf("solar-wind")).toBeLessThan(chips.indexOf("farmland"));

    await call({ method: "POST", url: `/api/admin/gallery-categories/${farms.id}/move`, payload: { direction: "up" } }, admin);
    const moved = (await publicCategories()).map((category) => category.slug);
    expect(moved.indexOf("farmland")).toBeLessThan(moved.indexOf("solar-wind"));

    const listed = (await call({ method: "GET", url: "/api/admin/gallery-categories" }, admin)).json().data as GalleryCategory[];
    expect(listed.find((category) => category.id === farms.id)?.items).toBe(2);

    // Deleting a category leaves its items in the gallery, without one.
    expect((await call({ method: "DELETE", url: `/api/admin/gallery-categories/${solar.id}` }, admin)).json()).toEqual({
      success: true,
      message: "Category deleted",
    });
    expect((await gallery()).find((item) => item.id === roof)?.category).toBeNull();
    expect((await publicCategories()).map((category) => category.slug)).not.toContain("solar-wind");
  });

  it("renames a category and its slug, and refuses a name another category's address has", async () => {
    const aerial = await addCategory("Aerial film");
    const renamed = await call({ method: "PATCH", url: `/api/admin/gallery-categories/${aerial.id}`, payload: { name: "Aerial video" } }, admin);
    expect(renamed.json()).toMatchObject({ message: "Category renamed", data: { name: "Aerial video", slug: "aerial-video" } });
    const clash = await call({ method: "POST", url: "/api/admin/gallery-categories", payload: { name: "AERIAL  video" } }, admin);
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual({ name: "Another category has this name" });
  });

  it.each([
    [{ name: "" }, "name", "Name the category"],
    [{ name: "x".repeat(61) }, "name", "Keep the name under 60 characters"],
    [{ name: "!!!" }, "name", "Use letters or digits in the name"],
  ])("refuses %j with a 400 naming %s, and stores nothing", async (payload, field, message) => {
    const before = (await call({ method: "GET", url: "/api/admin/gallery-categories" }, admin)).json().data.length;
    const res = await call({ method: "POST", url: "/api/admin/gallery-categories", payload }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
    expect((await call({ method: "GET", url: "/api/admin/gallery-categories" }, admin)).json().data).toHaveLength(before);
  });

  it("refuses a category that does not exist, or a media item that is gone, and changes nothing", async () => {
    const item = await addMedia("Barn roof", true);
    const missing = await setCategory(item, 999999);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ categoryId: "Category not found" });
    expect((await setCategory(999999, null)).statusCode).toBe(404);

    const category = await addCategory("Barns");
    const bulk = await call({ method: "POST", url: "/api/admin/media/category", payload: { ids: [item, 999999], categoryId: category.id } }, admin);
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().errors).toEqual({ ids: "Some of the chosen media no longer exist" });
    const stored = (await call({ method: "GET", url: "/api/admin/media" }, admin)).json().data as MediaItem[];
    expect(stored.find((row) => row.id === item)?.categoryId).toBeNull();
    const empty = await call({ method: "POST", url: "/api/admin/media/category", payload: { ids: [], categoryId: null } }, admin);
    expect(empty.json().errors).toEqual({ ids: "Choose between 1 and 500 gallery items" });
  });
});
