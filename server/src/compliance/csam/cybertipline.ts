/**
 * A CyberTipline report (18 U.S.C. 2258A) in the field names of NCMEC's CyberTipline Reporting API: the
 * `report` element (incidentSummary, internetDetails, reporter, personOrUserReported, additionalInfo) and one
 * `fileDetails` per file. A vendor or API reporter maps this onto its XML; the file reporter writes it as is.
 */
export interface CyberTiplineReport {
  readonly report: {
    readonly incidentSummary: {
      /** NCMEC's incident type for apparent child pornography. */
      readonly incidentType: 'Child Pornography (possession, manufacture, and distribution)';
      /** When the content was uploaded (ISO 8601). */
      readonly incidentDateTime: string;
      readonly incidentDateTimeDescription: string;
    };
    readonly internetDetails: readonly { readonly webPageIncident: { readonly url: readonly string[] } }[];
    readonly reporter: {
      readonly reportingPerson: { readonly firstName: string; readonly lastName: string; readonly email: string };
      readonly companyTemplate: string;
    };
    readonly personOrUserReported: {
      readonly espIdentifier: string;
      readonly espService: string;
      readonly screenName: string;
      readonly displayName: string;
      readonly profileUrl: string;
      readonly email: readonly { readonly value: string; readonly verified: boolean }[];
      /** Velvet records no login or upload addresses: empty unless a future store provides them. */
      readonly ipCaptureEvent: readonly { readonly ipAddress: string; readonly eventName: string; readonly dateTime: string }[];
    };
    readonly additionalInfo: string;
  };
  readonly files: readonly {
    readonly fileDetails: {
      readonly fileId: string;
      readonly originalFileName: string;
      readonly locationOfFile: string;
      readonly fileViewedByEsp: boolean;
      readonly exifViewedByEsp: boolean;
      readonly publiclyAvailable: boolean;
      readonly fileRelevance: 'Reported';
      readonly originalFileHash: readonly { readonly hashType: 'MD5' | 'SHA256' | 'PDQ'; readonly value: string }[];
      /** Where the sealed copy is kept here (evidence id and position), for the person submitting it. */
      readonly additionalInfo: string;
    };
  }[];
  /** The case it comes from, for the provider's own records; not an NCMEC field. */
  readonly espReference: { readonly caseId: number; readonly evidenceId: number };
}

/** What a reporter answers: its own reference, and NCMEC's report id when it submitted the report itself. */
export interface CyberTiplineReceipt {
  readonly reference: string;
  readonly ncmecReportId?: string;
}

/**
 * Makes a CyberTipline report (ARCHITECTURE.md "Adapters"). The built-in `FileCyberTiplineReporter` writes it
 * for manual submission; an API reporter would submit it and answer NCMEC's report id.
 */
export interface CyberTiplineReporter {
  /** `file`, or the vendor's name: stored with each report. */
  readonly name: string;
  submit(report: CyberTiplineReport): Promise<CyberTiplineReceipt>;
}
