// Child process for the two-process store test: N transactions, each inserting a row and
// incrementing a shared counter (a read-modify-write that would lose updates without locking).
import { eq } from "drizzle-orm";
import { openStore } from "../../src/store/open-store.ts";
import { settings } from "../../src/store/schema.ts";

const [url, name, count] = process.argv.slice(2) as [string, string, string];
const store = openStore(url);
for (let i = 0; i < Number(count); i++) {
  await store.db.transaction(async (tx) => {
    await tx.insert(settings).values({ key: `${name}-${i}`, value: "1", updatedAt: i });
    const [total] = await tx.select().from(settings).where(eq(settings.key, "total"));
    if (total) await tx.update(settings).set({ value: String(Number(total.value) + 1) }).where(eq(settings.key, "total"));
    else await tx.insert(settings).values({ key: "total", value: "1", updatedAt: i });
  });
}
store.close();
