CREATE TABLE "bible_books" (
	"translation_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"common_name" text NOT NULL,
	"title" text,
	"order" integer NOT NULL,
	"number_of_chapters" integer NOT NULL,
	"first_chapter_number" integer NOT NULL,
	"last_chapter_number" integer NOT NULL,
	"total_number_of_verses" integer NOT NULL,
	CONSTRAINT "bible_books_translation_id_id_pk" PRIMARY KEY("translation_id","id")
);
--> statement-breakpoint
CREATE TABLE "bible_chapters" (
	"translation_id" text NOT NULL,
	"book_id" text NOT NULL,
	"number" integer NOT NULL,
	"number_of_verses" integer NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "bible_chapters_translation_id_book_id_number_pk" PRIMARY KEY("translation_id","book_id","number")
);
--> statement-breakpoint
CREATE TABLE "bible_translations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"english_name" text NOT NULL,
	"short_name" text NOT NULL,
	"language" text DEFAULT 'eng' NOT NULL,
	"text_direction" text DEFAULT 'ltr' NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bible_verses" (
	"translation_id" text NOT NULL,
	"book_id" text NOT NULL,
	"chapter" integer NOT NULL,
	"verse" integer NOT NULL,
	"book_order" integer NOT NULL,
	"text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "text")) STORED NOT NULL,
	CONSTRAINT "bible_verses_translation_id_book_id_chapter_verse_pk" PRIMARY KEY("translation_id","book_id","chapter","verse")
);
--> statement-breakpoint
ALTER TABLE "bible_books" ADD CONSTRAINT "bible_books_translation_id_bible_translations_id_fk" FOREIGN KEY ("translation_id") REFERENCES "public"."bible_translations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bible_chapters" ADD CONSTRAINT "bible_chapters_translation_id_book_id_bible_books_translation_id_id_fk" FOREIGN KEY ("translation_id","book_id") REFERENCES "public"."bible_books"("translation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bible_verses" ADD CONSTRAINT "bible_verses_translation_id_book_id_bible_books_translation_id_id_fk" FOREIGN KEY ("translation_id","book_id") REFERENCES "public"."bible_books"("translation_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bible_verses_search_idx" ON "bible_verses" USING gin ("search") WITH (fastupdate=false);