package svc.governance.pii;

/** The twelve entity types of the spec; the names are the stable wire form. */
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
    IN_PHONE
}
