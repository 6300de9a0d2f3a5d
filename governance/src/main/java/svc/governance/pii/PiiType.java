package svc.governance.pii;

/**
 * The twelve entity types of the spec, then the HIPAA Safe Harbor types that only the Safe Harbor
 * pack ({@link Recognizers#safeHarbor()}) looks for. The names are the stable wire form.
 */
public enum PiiType {
    EMAIL,
    CREDIT_CARD,
    IBAN,
    IPV4,
    IPV6,
    PRIVATE_KEY_BLOCK,
    US_SSN,
    US_PHONE,
    AADHAAR,
    PAN,
    IFSC,
    IN_PHONE,
    /** A calendar date with at least a month (not a bare year). */
    DATE,
    /** A US ZIP code after a state in an address, or after a ZIP/postal code label. */
    ZIP_CODE,
    URL,
    MEDICAL_RECORD_NUMBER,
    HEALTH_PLAN_ID,
    ACCOUNT_NUMBER,
    /** Certificate and licence numbers (driver's licence, DEA, professional licences). */
    LICENSE_NUMBER,
    /** Device identifiers and serial numbers (labelled), MAC addresses. */
    DEVICE_ID,
    /** Vehicle identification numbers (17 characters, North American check digit). */
    VIN,
    LICENSE_PLATE,
    /** An age of 90 or more, written as an age. */
    AGE_OVER_89
}
