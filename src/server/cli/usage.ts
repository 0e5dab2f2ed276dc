/** What `npm run cli -- --help` prints, and every wrong call of a command. */
export const USAGE = `Usage: npm run cli -- <command>

Commands:
  set-password <username> [--password-stdin]
      Set a user's password (prompted twice, or read from standard input)
      and end every session of that user.
  reset-2fa <username>
      Remove the passkeys, authenticator app and recovery codes of a user
      who lost them: the password alone signs in again.
  seed [--photos N]
      Fill an empty site with demo content: categories, N generated photos
      (default 24), a music release with its tracks, about text, social links
      and a banner.
  cleanup [--grace-minutes M]
      Delete stored files no photo or banner points at, files a crash left
      half written, and photos whose display image is missing; prints both
      counts. Files younger than M minutes (default 15) are kept, as an upload
      in flight may own them; with the server stopped, 0 cleans everything.
  backup <file>
      Write the database and every stored file the site uses to <file>, a tar
      archive (compressed when the name ends in .gz or .tgz) with a manifest of
      SHA-256 hashes. Safe while the site serves.
  restore <file>
      Check <file> against its manifest and load it into an empty site (a new
      DATA_DIR and database). Refuses a site that already has content.
  migrate --to postgres://user:password@host:5432/database [--storage s3]
      Copy the embedded site of DATA_DIR (its SQLite database, while it
      serves) into an empty PostgreSQL database, migrated first; with
      --storage s3, copy its files to the bucket of the S3_* variables too
      (without it they stay in DATA_DIR, which the new site then uses). Then
      check every row and file of the copy; exits with 1 on any difference.
  upgrade-images [--all]
      Re-render photos from their originals with today's image pipeline, one
      at a time, with progress: by default those whose original is wide-gamut
      (Display P3, Adobe RGB…) or Ultra HDR and whose copies are not yet; with
      --all, every photo. Each re-rendered photo's version goes up so caches
      fetch the new files. Safe while the site serves.
  apply-watermarks
      Render again, from their originals, the photos whose copies do not show
      the watermark that applies to them now (the site's, or their gallery's
      own, or none) or carry other rights, one at a time, with progress; the
      server does this in the background after each change. Each photo's
      version goes up; the replaced copies are removed at the end, so run it
      with the server stopped.
  camera-details [--all]
      Read camera, lens, focal length, aperture, shutter, ISO and the date
      taken from the originals of photos not read yet (with --all, of every
      photo) and store them; never the location. Prints the counts.
  private-originals
      Give originals stored under a guessable name (<key>.<ext>, before names
      got a random part) a private one, so no public name leads to them. Run
      once after upgrading a site whose originals are in an S3 bucket. Safe
      while the site serves.
  publish <folder> --site <url> --category <name> [--delete]
      Keep a category of a site in step with a folder your editor exports
      to, over the site's API with the token in ATELIER_TOKEN (photos:read,
      photos:write; categories:write to make the category): new files are
      uploaded, changed ones replace their photo's file (same photo, page
      and picks), and with --delete files gone from the folder put their
      photos in the trash. What was sent is kept in the folder, in
      .atelier-publish.json; a second run over the same files sends nothing.
`;
