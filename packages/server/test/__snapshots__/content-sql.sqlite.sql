-- plain page
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) ORDER BY "id" ASC LIMIT ? OFFSET ?;
-- bound: [20,0]

-- third page
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) ORDER BY "id" ASC LIMIT ? OFFSET ?;
-- bound: [10,20]

-- search in every shown column (%, _ and ! escaped)
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND ("name" LIKE ? ESCAPE '!' OR "city" LIKE ? ESCAPE '!' OR "price" LIKE ? ESCAPE '!') ORDER BY "id" ASC LIMIT ? OFFSET ?;
-- bound: ["%Promo 50!%!_%","%Promo 50!%!_%","%Promo 50!%!_%",20,0]

-- select filter, one value
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND "city" = ? ORDER BY "id" ASC LIMIT ? OFFSET ?;
-- bound: ["Bandung",20,0]

-- select filter, several values
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND "city" IN (?, ?) ORDER BY "id" ASC LIMIT ? OFFSET ?;
-- bound: ["Bandung","Medan",20,0]

-- interval filter, both bounds
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND "price" >= ? AND "price" <= ? ORDER BY "id" ASC LIMIT ? OFFSET ?;
-- bound: [10,25,20,0]

-- interval filter, lower bound only (0 is none)
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND "price" >= ? ORDER BY "id" ASC LIMIT ? OFFSET ?;
-- bound: [15,20,0]

-- search and filters together
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND ("name" LIKE ? ESCAPE '!' OR "city" LIKE ? ESCAPE '!' OR "price" LIKE ? ESCAPE '!') AND "city" = ? AND "price" >= ? ORDER BY "id" ASC LIMIT ? OFFSET ?;
-- bound: ["%Promo 50!%!_%","%Promo 50!%!_%","%Promo 50!%!_%","Bandung",15,20,0]

-- sort by a shown column, then the key
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) ORDER BY "price" DESC, "id" DESC LIMIT ? OFFSET ?;
-- bound: [20,0]

-- keyset: next page after a key
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND "id" > ? ORDER BY "id" ASC LIMIT ?;
-- bound: [40,20]

-- keyset: previous page before a key (rows reversed)
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND ("name" LIKE ? ESCAPE '!' OR "city" LIKE ? ESCAPE '!' OR "price" LIKE ? ESCAPE '!') AND "id" < ? ORDER BY "id" DESC LIMIT ?;
-- bound: ["%Promo 50!%!_%","%Promo 50!%!_%","%Promo 50!%!_%",21,20] (rows come reversed)

-- keyset: next page after a key, key descending
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND "id" < ? ORDER BY "id" DESC LIMIT ?;
-- bound: [40,20]

-- sorted by another column, the key alone sent: the offset
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) ORDER BY "name" ASC, "id" ASC LIMIT ? OFFSET ?;
-- bound: [20,40]

-- keyset cursor: Next after a row
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND ("name" LIKE ? ESCAPE '!' OR "city" LIKE ? ESCAPE '!' OR "price" LIKE ? ESCAPE '!') AND "id" > ? ORDER BY "id" ASC LIMIT ?;
-- bound: ["%Promo 50!%!_%","%Promo 50!%!_%","%Promo 50!%!_%",40,20]

-- keyset cursor: Last, read from the end (rows reversed)
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND "city" = ? AND "price" >= ? ORDER BY "id" DESC LIMIT ?;
-- bound: ["Bandung",15,20] (rows come reversed)

-- keyset by (column, key): Next, ascending
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND (("price", "id") > (?, ?)) ORDER BY "price" ASC, "id" ASC LIMIT ?;
-- bound: [25,40,20]

-- keyset by (column, key): Prev, descending
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND (("name", "id") > (?, ?)) ORDER BY "name" ASC, "id" ASC LIMIT ?;
-- bound: ["Item 40",40,20] (rows come reversed)

-- keyset by (column, key): Last, descending
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) ORDER BY "city" ASC, "id" ASC LIMIT ?;
-- bound: [20] (rows come reversed)

-- keyset by a nullable column: Next after a value (NULLs where the engine sorts them)
SELECT "name", "note", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND (("note", "id") > (?, ?)) ORDER BY "note" ASC, "id" ASC LIMIT ?;
-- bound: ["note 3",3,20]

-- keyset by a nullable column: Next within the NULLs
SELECT "name", "note", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND (("note" IS NULL AND "id" > ?) OR "note" IS NOT NULL) ORDER BY "note" ASC, "id" ASC LIMIT ?;
-- bound: [2,20]

-- keyset by a nullable column: Prev within the NULLs, descending
SELECT "name", "note", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND (("note" IS NULL AND "id" > ?) OR "note" IS NOT NULL) ORDER BY "note" ASC, "id" ASC LIMIT ?;
-- bound: [2,20] (rows come reversed)

-- custom query: a cursor is ignored, the page's offset
SELECT "name", "city", "price", "id" FROM (
SELECT id, name, city, price FROM golden_items WHERE owner = ?
) AS t WHERE ((random() & 1023) <> 0 OR rakit_within_limit("name", "city", "price", "id")) ORDER BY "id" ASC LIMIT ? OFFSET ?;
-- bound: ["42",20,40]

-- deferred join: jump to a far page number
SELECT r."name", r."city", r."price", r."id" FROM "golden_items" AS r INNER JOIN (SELECT "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) ORDER BY "id" ASC LIMIT ? OFFSET ?) AS k ON r."id" = k."id" ORDER BY r."id" ASC;
-- bound: [20,10000]

-- deferred join with search and filters
SELECT r."name", r."city", r."price", r."id" FROM "golden_items" AS r INNER JOIN (SELECT "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND ("name" LIKE ? ESCAPE '!' OR "city" LIKE ? ESCAPE '!' OR "price" LIKE ? ESCAPE '!') AND "city" = ? AND "price" >= ? ORDER BY "id" ASC LIMIT ? OFFSET ?) AS k ON r."id" = k."id" ORDER BY r."id" ASC;
-- bound: ["%Promo 50!%!_%","%Promo 50!%!_%","%Promo 50!%!_%","Bandung",15,20,10000]

-- count
SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) LIMIT ?) AS c;
-- bound: [10001]

-- count with search and filters
SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND ("name" LIKE ? ESCAPE '!' OR "city" LIKE ? ESCAPE '!' OR "price" LIKE ? ESCAPE '!') AND "city" = ? AND "price" >= ? LIMIT ?) AS c;
-- bound: ["%Promo 50!%!_%","%Promo 50!%!_%","%Promo 50!%!_%","Bandung",15,10001]

-- count, unbounded
SELECT COUNT(*) AS n FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND ("name" LIKE ? ESCAPE '!' OR "city" LIKE ? ESCAPE '!' OR "price" LIKE ? ESCAPE '!');
-- bound: ["%Promo 50!%!_%","%Promo 50!%!_%","%Promo 50!%!_%"]

-- select filter values
SELECT DISTINCT "city" AS v FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND "city" IS NOT NULL ORDER BY v LIMIT 100;
-- bound: []

-- no primary key configured: the table's own key orders, no search
SELECT "name", "city", "price" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) ORDER BY "id" ASC LIMIT ? OFFSET ?;
-- bound: [20,0]

-- custom query: plain page
SELECT "name", "city", "price", "id" FROM (
SELECT id, name, city, price FROM golden_items WHERE owner = ?
) AS t WHERE ((random() & 1023) <> 0 OR rakit_within_limit("name", "city", "price", "id")) ORDER BY "id" ASC LIMIT ? OFFSET ?;
-- bound: ["42",20,0]

-- custom query: search, filters, sort; no keyset, no deferred join
SELECT "name", "city", "price", "id" FROM (
SELECT id, name, city, price FROM golden_items WHERE owner = ?
) AS t WHERE ((random() & 1023) <> 0 OR rakit_within_limit("name", "city", "price", "id")) AND ("name" LIKE ? ESCAPE '!' OR "city" LIKE ? ESCAPE '!' OR "price" LIKE ? ESCAPE '!') AND "city" = ? AND "price" >= ? ORDER BY "name" ASC, "id" ASC LIMIT ? OFFSET ?;
-- bound: ["42","%Promo 50!%!_%","%Promo 50!%!_%","%Promo 50!%!_%","Bandung",15,20,10000]

-- custom query: count
SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM (
SELECT id, name, city, price FROM golden_items WHERE owner = ?
) AS t WHERE ((random() & 1023) <> 0 OR rakit_within_limit("name", "city", "price", "id")) AND ("name" LIKE ? ESCAPE '!' OR "city" LIKE ? ESCAPE '!' OR "price" LIKE ? ESCAPE '!') AND "city" = ? AND "price" >= ? LIMIT ?) AS c;
-- bound: ["42","%Promo 50!%!_%","%Promo 50!%!_%","%Promo 50!%!_%","Bandung",15,10001]

-- custom query: select filter values
SELECT DISTINCT "city" AS v FROM (
SELECT id, name, city, price FROM golden_items WHERE owner = ?
) AS t WHERE ((random() & 1023) <> 0 OR rakit_within_limit("name", "city", "price", "id")) AND "city" IS NOT NULL ORDER BY v LIMIT 100;
-- bound: ["42"]

-- custom query listing no columns: *
SELECT * FROM (
SELECT * FROM golden_items
) AS t WHERE ((random() & 1023) <> 0 OR rakit_within_limit()) LIMIT ? OFFSET ?;
-- bound: [20,0]

-- kanban: cards with their fields
SELECT "name", "id", "status", "note" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) ORDER BY "id" ASC LIMIT ? OFFSET ?;
-- bound: [20,0]

-- kanban: next cards after a key
SELECT "name", "id", "status", "note" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND ("name" LIKE ? ESCAPE '!') AND "id" > ? ORDER BY "id" ASC LIMIT ?;
-- bound: ["%Item%",3,20]

-- export: first chunk by key
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND ("name" LIKE ? ESCAPE '!' OR "city" LIKE ? ESCAPE '!' OR "price" LIKE ? ESCAPE '!') ORDER BY "id" ASC LIMIT ?;
-- bound: ["%Promo 50!%!_%","%Promo 50!%!_%","%Promo 50!%!_%",2000]

-- export: next chunk by key
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND "city" = ? AND "price" >= ? AND "id" > ? ORDER BY "id" ASC LIMIT ?;
-- bound: ["Bandung",15,2000,2000]

-- export: sorted by a column, next chunk by (column, key)
SELECT * FROM (SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND (("city", "id") < (?, ?)) ORDER BY "city" DESC, "id" DESC LIMIT ?) AS v UNION ALL SELECT * FROM (SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) AND "city" IS NULL ORDER BY "id" DESC LIMIT ?) AS n ORDER BY "city" DESC, "id" DESC LIMIT ?;
-- bound: ["Medan",2000,2000,2000,2000]

-- export: sorted by another column, chunk by offset
SELECT "name", "city", "price", "id" FROM "golden_items" WHERE ((rowid & 1023) <> 0 OR rakit_within_limit()) ORDER BY "city" DESC, "id" DESC LIMIT ? OFFSET ?;
-- bound: [2000,4000]

-- export of an administrator's own query
SELECT "name", "city", "price" FROM (
SELECT name, city, price FROM golden_items WHERE owner = ?
) AS t WHERE ((random() & 1023) <> 0 OR rakit_within_limit("name", "city", "price")) AND ("name" LIKE ? ESCAPE '!' OR "city" LIKE ? ESCAPE '!' OR "price" LIKE ? ESCAPE '!') AND "city" IN (?, ?) AND "price" >= ? LIMIT ? OFFSET ?;
-- bound: ["42","%Promo 50!%!_%","%Promo 50!%!_%","%Promo 50!%!_%","Bandung","Medan",15,2000,0]

-- query builder: INSERT
INSERT INTO "golden_items" ("id", "name", "city", "price", "status", "owner") VALUES (?, ?, ?, ?, ?, ?);
-- bound: [99,"x'); DROP TABLE golden; --","Bandung",5,"1","42"]

-- query builder: UPDATE (a condition in its column's type)
UPDATE "golden_items" SET "status" = ?, "note" = ? WHERE "id" = ? AND "owner" <> ?;
-- bound: ["3",null,2,"nobody"]
