-- Issue 31: every phone is stored as E.164 ('+27825551234'); the product reads South African
-- numbers in every local form. Existing rows written as '082 555 1234', '0825551234',
-- '27 82 555 1234', '0027…' or '+27 82 555 1234' become E.164. The church's country is South
-- Africa on every install so far (the default region). A value that is not plainly a phone number
-- (letters, an extension, the wrong length) is left as it was written and is shown as such.
UPDATE "users" SET "phone" = CASE
    WHEN btrim("phone") = '' THEN NULL
    WHEN "phone" !~ '^[0-9 +().\-/]+$' THEN "phone"
    WHEN btrim("phone") !~ '^\+' AND regexp_replace("phone", '[^0-9]', '', 'g') ~ '^0[1-9][0-9]{8}$'
      THEN '+27' || substr(regexp_replace("phone", '[^0-9]', '', 'g'), 2)
    WHEN regexp_replace("phone", '[^0-9]', '', 'g') ~ '^27[1-9][0-9]{8}$'
      THEN '+' || regexp_replace("phone", '[^0-9]', '', 'g')
    WHEN btrim("phone") !~ '^\+' AND regexp_replace("phone", '[^0-9]', '', 'g') ~ '^00[1-9][0-9]{6,14}$'
      THEN '+' || substr(regexp_replace("phone", '[^0-9]', '', 'g'), 3)
    WHEN btrim("phone") ~ '^\+[1-9]' AND regexp_replace("phone", '[^0-9]', '', 'g') ~ '^[1-9][0-9]{6,14}$'
      THEN '+' || regexp_replace("phone", '[^0-9]', '', 'g')
    ELSE "phone" END
WHERE "phone" IS NOT NULL;
--> statement-breakpoint
UPDATE "visitors" SET "phone" = CASE
    WHEN btrim("phone") = '' THEN NULL
    WHEN "phone" !~ '^[0-9 +().\-/]+$' THEN "phone"
    WHEN btrim("phone") !~ '^\+' AND regexp_replace("phone", '[^0-9]', '', 'g') ~ '^0[1-9][0-9]{8}$'
      THEN '+27' || substr(regexp_replace("phone", '[^0-9]', '', 'g'), 2)
    WHEN regexp_replace("phone", '[^0-9]', '', 'g') ~ '^27[1-9][0-9]{8}$'
      THEN '+' || regexp_replace("phone", '[^0-9]', '', 'g')
    WHEN btrim("phone") !~ '^\+' AND regexp_replace("phone", '[^0-9]', '', 'g') ~ '^00[1-9][0-9]{6,14}$'
      THEN '+' || substr(regexp_replace("phone", '[^0-9]', '', 'g'), 3)
    WHEN btrim("phone") ~ '^\+[1-9]' AND regexp_replace("phone", '[^0-9]', '', 'g') ~ '^[1-9][0-9]{6,14}$'
      THEN '+' || regexp_replace("phone", '[^0-9]', '', 'g')
    ELSE "phone" END
WHERE "phone" IS NOT NULL;
