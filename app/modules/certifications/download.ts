/**
 * The link that downloads a certificate under a name made from its title (the file server names
 * it), for files stored here; a link elsewhere is left as it is.
 */
export function certificationDownloadHref(fileUrl: string) {
  return fileUrl.startsWith("/files/certificates/") ? `${fileUrl}?download` : fileUrl;
}
