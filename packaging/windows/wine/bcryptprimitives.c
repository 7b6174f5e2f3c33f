/* Test fixture, never shipped: Wine 8 has no bcryptprimitives.dll, whose
 * ProcessPrng Rust's standard library imports on Windows (its hash maps'
 * random keys). Real Windows 10 and 11 have it. Placed beside the exe under
 * Wine, this stand-in fills the buffer from advapi32's RtlGenRandom
 * (SystemFunction036), which Wine does have. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
